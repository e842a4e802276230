//! `settlers db backup FILE` and `settlers db restore FILE`: the server's database to a file
//! and back, SQLite or PostgreSQL alike (the format: docs/hosting.md, "Backups").

use crate::output::emit;
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use settlers_server::db::{Db, backup};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand, Debug)]
enum DbCommand {
    /// Writes every game, with every action, and every map saved in the map editor, to FILE
    /// (one snapshot: the server may go on playing meanwhile). FILE appears whole, or not at
    /// all.
    Backup {
        file: PathBuf,
        /// The database, as `settlers serve --db` takes it.
        #[arg(long, default_value = "sqlite://settlers.sqlite")]
        db: String,
    },
    /// Restores FILE into an empty database (stop the server first). The whole file is read
    /// and every game replayed before anything is written; a file that does not read, or a
    /// database that already holds games or maps, is refused and nothing changes. Backups
    /// of version 1 (games only) restore too.
    Restore {
        file: PathBuf,
        #[arg(long, default_value = "sqlite://settlers.sqlite")]
        db: String,
    },
}

pub fn run(args: DbArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    match args.command {
        DbCommand::Backup { file, db } => runtime.block_on(async {
            let db = Db::connect(&db)
                .await
                .with_context(|| format!("opening the database {db}"))?;
            let summary = db.backup(&file).await;
            db.close().await;
            let summary = summary.context("backing up")?;
            emit(&format!(
                "backed up {} games, {} actions, {} saved maps, to {}\n",
                summary.games,
                summary.actions,
                summary.maps,
                file.display()
            ))
        }),
        DbCommand::Restore { file, db } => {
            // Before the database is opened (and created): a bad file changes nothing.
            let checked = backup::check(&file).context("checking the backup")?;
            runtime.block_on(async {
                let db = Db::connect(&db)
                    .await
                    .with_context(|| format!("opening the database {db}"))?;
                let restored = db.restore(&file, checked).await;
                db.close().await;
                let restored = restored.context("restoring")?;
                emit(&format!(
                    "restored {} games, {} actions, {} saved maps, from {}\n",
                    restored.games,
                    restored.actions,
                    restored.maps,
                    file.display()
                ))
            })
        }
    }
}
