/**
 * Runs a stub on its own (`npx tsx e2e/support/stubs/<stub>.ts …`) until Ctrl-C or SIGTERM: says
 * where it listens and with which settings to reach it, and closes it on the way out.
 */
export function runStub<Stub extends { close: () => Promise<void> }>(
  start: () => Promise<Stub>,
  describe: (stub: Stub) => string[],
) {
  start().then(
    (stub) => {
      for (const line of describe(stub)) console.log(line)
      const stop = () => void stub.close().then(() => process.exit(0))
      process.on("SIGINT", stop)
      process.on("SIGTERM", stop)
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
