import site from "../../data/site.json"

/**
 * Every word of the CMS sign-in window, in one place. Its readers are the boutique's staff and
 * whoever manages the site, not visitors, and the window must still be able to explain itself
 * when the CMS cannot sign anyone in, so the words live here rather than in data/ (where only the
 * CMS could change them). `{variables}` is replaced by the settings' names.
 */
export const cmsAuthTexts = {
  brandName: site.brandName,
  homePath: "/",
  signedIn: {
    title: "Signed in",
    text: "You are signed in with GitHub. This window closes by itself as the editor opens.",
    lost: "This window has lost its link to the editor, so it cannot hand the sign-in over. Close it, go back to the editor and click “Login with GitHub” again.",
  },
  tryAgain: "Close this window, then click “Login with GitHub” in the editor to try again.",
  githubSaid: "GitHub said:",
  problems: {
    notConfigured: {
      title: "Sign-in is not set up yet",
      text: "The editor cannot sign you in with GitHub because this site is missing its sign-in settings. Whoever manages the site needs to set {variables} in the host’s environment; the steps are in docs/editing-content.md, “Setting up sign-in”.",
    },
    wrongMethod: {
      title: "Nothing to send here",
      text: "This address only opens the GitHub sign-in for the editor.",
    },
    unsupportedProvider: {
      title: "GitHub sign-in only",
      text: "The editor asked for a sign-in this site does not offer: it signs in with GitHub only.",
    },
    denied: {
      title: "Sign-in cancelled",
      text: "GitHub was told not to let the editor in, so you are not signed in and nothing has changed. If that was a slip, try again and choose “Authorize” on GitHub’s page.",
    },
    badState: {
      title: "This sign-in has expired",
      text: "This window could not be matched to a sign-in started in this browser: it may have been open for more than 10 minutes, or been used already. You are not signed in.",
    },
    codeRejected: {
      title: "GitHub did not accept the sign-in",
      text: "GitHub no longer accepts this sign-in (it is good for a few minutes, and once only). You are not signed in.",
    },
    unverifiedEmail: {
      title: "Your GitHub e-mail address is not verified",
      text: "GitHub lets apps sign you in only once your account’s e-mail address is verified. Verify it in GitHub’s settings (Emails), then try again.",
    },
    refused: {
      title: "GitHub refused this site’s sign-in settings",
      text: "Nobody can sign in until the settings are put right. Whoever manages the site should check the GitHub OAuth App (its client ID, client secret and callback URL) against {variables}; the steps are in docs/editing-content.md, “Setting up sign-in”.",
    },
    githubUnavailable: {
      title: "GitHub did not answer",
      text: "The site could not reach GitHub to finish your sign-in. GitHub may be having trouble (githubstatus.com tells); try again in a few minutes.",
    },
  },
} as const

type CmsAuthTexts = typeof cmsAuthTexts
export type CmsAuthProblem = keyof CmsAuthTexts["problems"]
