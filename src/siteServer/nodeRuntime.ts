import { nodeMembership } from "../membership/node/nodeMembership"
import type { Runtime, Settings } from "../server/app"
import { clientAddress, type ClientAddress } from "./clientAddress"

/**
 * The app's runtime in a Node process (./siteServer.ts, and the Gatsby Function in
 * src/gatsby/functionAdapter.ts): the settings from the environment, the membership wing for them
 * (the embedded store on this disk when no provider is named, with its e-mails' sender), and the
 * visitor's address from the socket, or from a proxy's header (./clientAddress.ts).
 */
export function nodeRuntime(
  env: Settings,
  client?: ClientAddress,
  localEditing?: Runtime["localEditing"],
): Runtime {
  return {
    settings: () => env,
    client: (c) => clientAddress(c, client),
    membership: () => nodeMembership(env),
    localEditing,
  }
}
