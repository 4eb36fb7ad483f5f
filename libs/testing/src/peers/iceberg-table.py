"""Writes a format-v2 Iceberg table in the current directory, and prints it as JSON.

Two tables, one per subcommand:

- `position-deletes`: a table with POSITIONAL delete files. None of the shared fixture tables has
  position deletes, and pyiceberg (0.12) writes none through its public API, so the delete file
  and its manifest are written with pyiceberg's own manifest writers and committed as a snapshot
  of their own. pyiceberg then reads the table back (it applies position deletes itself): the live
  row count and ids are an independent oracle for the reader under test.
- `from-parquet <file> --namespace N --table T`: the rows of a Parquet file, as they are.

The warehouse path is relative, like the shared fixtures', so the table folder can be uploaded
anywhere. The JSON holds the table folder, namespace, table, and the row count read back.

Usage (cwd = an empty directory):
  python iceberg-table.py position-deletes
  python iceberg-table.py from-parquet <path> --namespace nan --table readings
"""

import argparse
import json
import os
import time

import pyarrow as pa
import pyarrow.parquet as pq
from pyiceberg.catalog import MetastoreCatalog
from pyiceberg.catalog.noop import NoopCatalog
from pyiceberg.io import load_file_io
from pyiceberg.manifest import (
    DataFile,
    DataFileContent,
    FileFormat,
    ManifestContent,
    ManifestEntry,
    ManifestEntryStatus,
    ManifestWriterV2,
    write_manifest_list,
)
from pyiceberg.serializers import FromInputFile
from pyiceberg.table import CommitTableResponse, Table
from pyiceberg.table.snapshots import Operation, Snapshot, Summary
from pyiceberg.table.update import AddSnapshotUpdate, AssertRefSnapshotId, SetSnapshotRefUpdate
from pyiceberg.typedef import Record

POSITION_DELETES_NAMESPACE = "generated"
POSITION_DELETES_TABLE = "position_deletes"
WAREHOUSE = "warehouse"
# Reserved field ids of a position-delete file's columns (table spec).
FILE_PATH_ID = 2147483546
POS_ID = 2147483545


class FolderCatalog(MetastoreCatalog, NoopCatalog):
    """A catalog of one process: pyiceberg's metadata staging and writing, table pointers in memory.

    (pyiceberg's SQL catalog needs SQLAlchemy, which the peers' environment does not carry.)
    """

    def __init__(self) -> None:
        super().__init__("folder")
        self._locations: dict[tuple[str, ...], str] = {}

    def create_table(self, identifier, schema, location=None, **kwargs):  # type: ignore[no-untyped-def,override]
        staged = self._create_staged_table(identifier, schema, location, **kwargs)
        self._write_metadata(staged.metadata, staged.io, staged.metadata_location)
        self._locations[tuple(staged.name())] = staged.metadata_location
        return self.load_table(staged.name())

    def load_table(self, identifier):  # type: ignore[no-untyped-def,override]
        metadata_location = self._locations[tuple(identifier)]
        io = load_file_io(properties=self.properties, location=metadata_location)
        metadata = FromInputFile.table_metadata(io.new_input(metadata_location))
        return Table(tuple(identifier), metadata, metadata_location, io, self)

    def commit_table(self, table, requirements, updates):  # type: ignore[no-untyped-def,override]
        current = self.load_table(table.name())
        staged = self._update_and_stage_table(current, table.name(), requirements, updates)
        self._write_metadata(staged.metadata, staged.io, staged.metadata_location)
        self._locations[tuple(table.name())] = staged.metadata_location
        return CommitTableResponse(metadata=staged.metadata, metadata_location=staged.metadata_location)


class DeleteManifestWriter(ManifestWriterV2):
    """pyiceberg's v2 manifest writer, for delete files (content=deletes)."""

    def content(self) -> ManifestContent:
        return ManifestContent.DELETES

    @property
    def _meta(self) -> dict[str, str]:
        return {**super()._meta, "content": "deletes"}


def position_deletes_table() -> None:
    namespace, name = POSITION_DELETES_NAMESPACE, POSITION_DELETES_TABLE
    catalog = FolderCatalog()
    identifier = (namespace, name)
    schema = pa.schema([pa.field("id", pa.int64(), nullable=False), pa.field("label", pa.string())])
    table = catalog.create_table(
        identifier, schema, location=f"{WAREHOUSE}/{namespace}/{name}", properties={"format-version": "2"}
    )
    os.makedirs(f"{table.location()}/data", exist_ok=True)

    # Two appends: two data files, sequence numbers 1 and 2.
    table.append(pa.table({"id": [1, 2, 3, 4], "label": ["a", "b", "c", "d"]}, schema=schema))
    table.append(pa.table({"id": [5, 6, 7], "label": ["e", "f", None]}, schema=schema))
    table = catalog.load_table(identifier)
    data_files = sorted((task.file for task in table.scan().plan_files()), key=lambda f: f.record_count, reverse=True)
    first, second = data_files[0].file_path, data_files[1].file_path

    # One position-delete file: rows 1 and 3 of the first file (ids 2, 4), row 0 of the second (id 5).
    delete_schema = pa.schema(
        [
            pa.field("file_path", pa.string(), nullable=False, metadata={b"PARQUET:field_id": str(FILE_PATH_ID).encode()}),
            pa.field("pos", pa.int64(), nullable=False, metadata={b"PARQUET:field_id": str(POS_ID).encode()}),
        ]
    )
    delete_path = f"{table.location()}/data/position-deletes-00001.parquet"
    pq.write_table(pa.table({"file_path": [first, first, second], "pos": [1, 3, 0]}, schema=delete_schema), delete_path)

    metadata = table.metadata
    parent = table.current_snapshot()
    snapshot_id = metadata.new_snapshot_id()
    sequence_number = metadata.next_sequence_number()
    delete_file = DataFile.from_args(
        content=DataFileContent.POSITION_DELETES,
        file_path=delete_path,
        file_format=FileFormat.PARQUET,
        partition=Record(),
        record_count=3,
        file_size_in_bytes=os.path.getsize(delete_path),
    )
    delete_file.spec_id = table.spec().spec_id
    manifest_path = f"{table.location()}/metadata/position-deletes-m0.avro"
    writer = DeleteManifestWriter(table.spec(), table.schema(), table.io.new_output(manifest_path), snapshot_id, "deflate")
    with writer:
        writer.add(ManifestEntry.from_args(status=ManifestEntryStatus.ADDED, snapshot_id=snapshot_id, data_file=delete_file))
    delete_manifest = writer.to_manifest_file()

    list_path = f"{table.location()}/metadata/snap-{snapshot_id}-0-position-deletes.avro"
    with write_manifest_list(
        format_version=2,
        output_file=table.io.new_output(list_path),
        snapshot_id=snapshot_id,
        parent_snapshot_id=parent.snapshot_id,
        sequence_number=sequence_number,
        avro_compression="deflate",
    ) as list_writer:
        list_writer.add_manifests([*parent.manifests(table.io), delete_manifest])

    summary = Summary(
        operation=Operation.DELETE,
        **{
            "added-delete-files": "1",
            "added-position-delete-files": "1",
            "added-position-deletes": "3",
            "added-files-size": str(os.path.getsize(delete_path)),
            "total-records": "7",
            "total-data-files": "2",
            "total-delete-files": "1",
            "total-position-deletes": "3",
            "total-equality-deletes": "0",
        },
    )
    snapshot = Snapshot(
        snapshot_id=snapshot_id,
        parent_snapshot_id=parent.snapshot_id,
        sequence_number=sequence_number,
        timestamp_ms=int(time.time() * 1000),
        manifest_list=list_path,
        summary=summary,
        schema_id=table.schema().schema_id,
    )
    with table.transaction() as transaction:
        transaction._apply(
            (
                AddSnapshotUpdate(snapshot=snapshot),
                SetSnapshotRefUpdate(snapshot_id=snapshot_id, parent_snapshot_id=parent.snapshot_id, ref_name="main", type="branch"),
            ),
            (AssertRefSnapshotId(snapshot_id=parent.snapshot_id, ref="main"),),
        )

    reread = catalog.load_table(identifier).scan().to_arrow()
    print(
        json.dumps(
            {
                "table_dir": os.path.abspath(table.location()),
                "namespace": [namespace],
                "table": name,
                "location": table.location(),
                "snapshot_id": str(snapshot_id),
                "rows": reread.num_rows,
                "ids": sorted(reread.column("id").to_pylist()),
            }
        )
    )


def parquet_table(parquet: str, namespace: str, name: str) -> None:
    rows = pq.read_table(parquet)
    catalog = FolderCatalog()
    identifier = (namespace, name)
    table = catalog.create_table(
        identifier, rows.schema, location=f"{WAREHOUSE}/{namespace}/{name}", properties={"format-version": "2"}
    )
    os.makedirs(f"{table.location()}/data", exist_ok=True)
    table.append(rows)
    reread = catalog.load_table(identifier).scan().to_arrow()
    print(
        json.dumps(
            {
                "table_dir": os.path.abspath(table.location()),
                "namespace": [namespace],
                "table": name,
                "rows": reread.num_rows,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Writes a format-v2 Iceberg table in the current directory.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("position-deletes", help="a table with positional delete files")
    from_parquet = commands.add_parser("from-parquet", help="the rows of a Parquet file")
    from_parquet.add_argument("parquet")
    from_parquet.add_argument("--namespace", required=True)
    from_parquet.add_argument("--table", required=True)
    arguments = parser.parse_args()
    if arguments.command == "position-deletes":
        position_deletes_table()
    else:
        parquet_table(arguments.parquet, arguments.namespace, arguments.table)


if __name__ == "__main__":
    main()
