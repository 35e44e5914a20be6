"""The database fixtures give every test a working, empty database on each backend."""
import pytest
import sqlalchemy as sa

metadata = sa.MetaData()
probe = sa.Table(
    "fixture_probe",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),  # a SERIAL on PostgreSQL: a sequence too
    sa.Column("name", sa.String(40), nullable=False),
)


@pytest.fixture
def engine(db_url):
    engine = sa.create_engine(db_url)
    yield engine
    engine.dispose()


def test_backend_is_the_one_asked_for(request, engine):
    expected = request.node.callspec.params["db_url"]
    assert engine.dialect.name == expected


def test_create_insert_read_back(engine):
    metadata.create_all(engine)
    with engine.begin() as conn:
        conn.execute(probe.insert().values(name="meeple"))
    with engine.connect() as conn:
        rows = conn.execute(sa.select(probe.c.id, probe.c.name)).all()
    assert [tuple(r) for r in rows] == [(1, "meeple")]


@pytest.mark.parametrize("round_", [1, 2])
def test_each_test_starts_with_an_empty_database(engine, round_):
    # Whichever round runs second sees what the first (and test_create_insert_read_back)
    # left behind, unless the fixture emptied the database in between.
    assert sa.inspect(engine).get_table_names() == []
    metadata.create_all(engine)
    with engine.begin() as conn:
        conn.execute(probe.insert().values(name=f"round {round_}"))
    with engine.connect() as conn:
        rows = conn.execute(sa.select(probe.c.id, probe.c.name)).all()
    assert [tuple(r) for r in rows] == [(1, f"round {round_}")]  # the sequence restarted too
    # Deliberately not dropped: the next test must not see it.


def test_postgres_url_alone_is_postgresql_and_empty(postgres_url):
    engine = sa.create_engine(postgres_url)
    try:
        assert engine.dialect.name == "postgresql"
        assert sa.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()
