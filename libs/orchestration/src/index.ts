// Public surface of the orchestration library: other projects import only from here.
