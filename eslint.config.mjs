import js from "@eslint/js"
import jsxA11y from "eslint-plugin-jsx-a11y"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      "src/gatsby-types.d.ts",
      "test-results/",
      "playwright-report/",
      // wrangler's bundles of the Pages Functions (e2e/support/workerd.ts), left by a run that was
      // stopped.
      ".wrangler/",
      // The publisher's working copy and releases, copies of the project (PUBLISH_DIR).
      ".publish/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // Emotion's css prop is valid on every element.
      "react/no-unknown-property": ["error", { ignore: ["css"] }],
      "react/prop-types": "off",
    },
  },
  // Boundaries between runtimes. The pages' bundles must not take in server code; the endpoints
  // run on workerd as on Node, so they stay web-standard; what both sides share imports nothing.
  // Each wing keeps its halves apart: web/ (every host) and node/ (the site's own server).
  {
    files: [
      "src/{components,pages,templates,hooks,theme,utils}/**/*.{ts,tsx}",
      "src/cms/**/*.{ts,tsx}",
      "src/*/staffPage/**/*.{ts,tsx}",
      // The one bend of src/gatsby/ that runs in the browser.
      "src/gatsby/StaticContent.tsx",
      "src/wrappers.tsx",
      "gatsby-browser.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^node:",
              message: "Browser code: Node's modules are not in a page's bundle.",
            },
            {
              regex: "(^|/)(server|web|node|cmsAuth|siteServer|endpointPages|build|api)(/|$)",
              message:
                "Browser code must not import server or build code: it would ship in a page's bundle. What both sides need belongs in src/shared/ (or a wing's own shared file, such as src/membership/membersApi.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "src/{server,cmsAuth,endpointPages}/**/*.{ts,tsx}",
      "src/*/web/**/*.{ts,tsx}",
      // Her e-mails: drawn by the web half (her links' pages), the Node half's sender and the
      // CMS's preview of them alike.
      "src/*/emails/**/*.{ts,tsx}",
      // What the publishing wing's page and endpoints share (like src/membership/membersApi.ts).
      "src/publishing/publishesApi.ts",
      "functions/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^node:|^lmdb$",
              message:
                "Web-standard server code runs on workerd too: Node's modules belong in a wing's node/ half (src/membership/node/) or src/siteServer/.",
            },
            {
              regex: "(^|/)(build|node|siteServer)(/|$)",
              message:
                "Web-standard server code must not import build or Node-only code (src/build/, a wing's node/, src/siteServer/).",
            },
          ],
        },
      ],
    },
  },
  // State kept for the whole process goes through one helper, src/utils/processWide.ts (a bend:
  // docs/architecture.md); a value put on globalThis anywhere else would be a second way to do it.
  {
    files: ["src/**/*.{ts,tsx}", "functions/**/*.ts"],
    ignores: ["src/utils/processWide.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["globalThis", "global"].map((name) => ({
          name,
          message:
            "Process-wide state goes through processWide() (src/utils/processWide.ts), the one place that uses globalThis.",
        })),
      ],
    },
  },
  // What the endpoints run is compiled, on one host, as a Gatsby Function: TypeScript's preset only,
  // from .ts and .js files (a bend: docs/architecture.md). So no .tsx there; what they render of
  // the site's components is written with emotion's jsx() (src/components/layout/links.ts lists
  // it, and __tests__/endpointPages.test.tsx bundles the route table as a Function would).
  {
    files: [
      "src/{server,cmsAuth,endpointPages,siteServer,api}/**/*.tsx",
      "src/*/{web,node,emails}/**/*.tsx",
      "functions/**/*.tsx",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program",
          message:
            "No .tsx in what the endpoints run: Gatsby compiles its Functions from .ts and .js only. Write it as .ts with emotion's jsx() (see src/components/layout/links.ts).",
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts", "src/membership/membersApi.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./|\\.\\./utils/)",
              message:
                "Shared by the pages' bundles and every server's: it imports nothing but its neighbours and the small helpers of src/utils/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    // Scripts pass functions to the browser (page.evaluate), so both sets of globals apply.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
