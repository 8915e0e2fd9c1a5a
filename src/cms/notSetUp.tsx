import { colors, fonts, fontSizes, radii, sizes, space } from "../theme/tokens"

/**
 * The CMS's login screen when the build names no Git host (./backend.ts): instead of a sign-in
 * button that cannot work, what to set. A Decap backend with nothing to sign in to.
 */

function NotSetUpPage() {
  return (
    <main
      css={{
        maxWidth: sizes.measure,
        margin: `${space.xl} auto`,
        padding: space.lg,
        borderRadius: radii.md,
        background: colors.white,
        color: colors.ink,
        font: `${fontSizes.body}/1.6 ${fonts.body}`,
      }}
    >
      <h1 css={{ font: `600 ${fontSizes.h3}/1.2 ${fonts.display}` }}>
        The editor is not set up yet
      </h1>
      <p>
        This build of the site names no GitHub repository, so nobody can sign in and publish.
        Whoever manages the site sets <code>GATSBY_CMS_REPO</code> (the repository, as owner/name)
        in the host’s build settings, builds the site again, and sets up the sign-in as described in{" "}
        <code>docs/editing-content.md</code>, “Setting up sign-in”.
      </p>
      <p>
        To edit on your own computer without signing in, run <code>npm run cms</code>.
      </p>
    </main>
  )
}

const notSetUp = () =>
  Promise.reject(new Error("The editor is not set up: this build names no GitHub repository."))

export class NotSetUpBackend {
  authComponent() {
    return NotSetUpPage
  }
  restoreUser() {
    return notSetUp()
  }
  authenticate() {
    return notSetUp()
  }
  logout() {}
  getToken() {
    return Promise.resolve(null)
  }
  status() {
    return Promise.resolve({ auth: { status: false }, api: { status: true, statusPage: "" } })
  }
}
