// Container health probe: `node deploy/healthcheck.cjs [/healthz|/readyz]` exits 0 when this
// container's service answers 2xx on that path. Node's own fetch, so the slim image needs no curl.
const path = process.argv[2] || '/healthz';
const port = process.env.PORT;

if (!port) process.exit(1);

fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
