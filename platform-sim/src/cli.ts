/**
 * `node dist/cli.js --port N --seed S [--host H] [...]`: runs the simulator standalone. Prints the
 * base URL alone on the first line of stdout (easy for scripts to read); details go to stderr.
 */
import { parseCliArgs, USAGE } from './cliArgs.js';
import { createSimulator } from './index.js';

async function main(): Promise<void> {
  let config;
  try {
    config = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (config.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const sim = createSimulator(config.options);
  const url = await sim.listen({ port: config.port, host: config.host });
  process.stdout.write(`${url}\n`);
  const state = sim.control.state();
  process.stderr.write(
    `platform-sim: seed ${String(state.seed)}, ${state.serviceAreas.length} service areas in ${state.regions.join(', ')}` +
      `${config.options.controlApi === false ? '' : `, control API at ${url}/__control/`}\n`,
  );

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    process.stderr.write(`platform-sim: ${signal}, closing\n`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`platform-sim: close failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`platform-sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
