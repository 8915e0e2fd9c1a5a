/** Jest for components and content; the browser tests live in e2e/ and run with Playwright. */
module.exports = {
  testEnvironment: "jsdom",
  // Jest's 5 s is a guard against a hang, and too short for what CI runs it beside: on its 2 cores,
  // with the build, the typecheck and the browser tests, tests that start a server or run git took
  // over 5 s (siteServer.test and publishingGit.test, in two rehearsals on 2026-11-29). Alone they
  // take well under it.
  testTimeout: 30_000,
  testMatch: ["<rootDir>/__tests__/**/*.test.{ts,tsx}"],
  transform: {
    "^.+\\.[jt]sx?$": [
      "babel-jest",
      {
        presets: [
          [
            "babel-preset-gatsby",
            { reactRuntime: "automatic", reactImportSource: "@emotion/react" },
          ],
          "@babel/preset-typescript",
        ],
        plugins: ["@emotion/babel-plugin"],
      },
    ],
  },
  moduleNameMapper: {
    "\\.(css|woff2?)$": "identity-obj-proxy",
    // ES modules only, with no entry for require(): its Node build, transpiled below.
    "^@octokit/webhooks-methods$":
      "<rootDir>/node_modules/@octokit/webhooks-methods/dist-node/index.js",
  },
  // Gatsby and @octokit/webhooks-methods ship untranspiled ES modules.
  transformIgnorePatterns: [
    "node_modules/(?!(gatsby|gatsby-script|gatsby-link|@octokit/webhooks-methods)/)",
  ],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public", "<rootDir>/e2e"],
  // The publisher's working copy and releases are copies of the project (PUBLISH_DIR).
  modulePathIgnorePatterns: ["<rootDir>/.publish/"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/__tests__/setup/loadershim.ts"],
  setupFilesAfterEnv: [
    "<rootDir>/__tests__/setup/gatsbyMock.tsx",
    "<rootDir>/__tests__/setup/emailRender.ts",
  ],
}
