from tests.llm.conftest import Server, server  # noqa: F401 - the scripted LLM server fixture
