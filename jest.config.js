/** Jest for components and content; the browser tests live in e2e/ and run with Playwright. */
module.exports = {
  testEnvironment: "jsdom",
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
  },
  // Gatsby ships untranspiled ES modules.
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public", "<rootDir>/e2e"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/__tests__/setup/loadershim.ts"],
  setupFilesAfterEnv: ["<rootDir>/__tests__/setup/gatsbyMock.tsx"],
}
