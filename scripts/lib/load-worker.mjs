// Load generator for `npm run bench`, run in worker threads so the client does not share the server's
// event loop. Bounded by time; loopback only.
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

const { url, headers, seconds, connections } = workerData;
const agent = new Agent({ connections, pipelining: 1 });
const latencies = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const res = await request(url, { dispatcher: agent, headers });
        await res.body.dump();
        if (res.statusCode >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  }),
);
await agent.close();
parentPort.postMessage({ latencies, errors });
