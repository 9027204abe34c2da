"""Local fakes of external services, spoken to over real sockets (no mocks)."""
