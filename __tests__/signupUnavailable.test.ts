/** @jest-environment node */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import {
  nginxLocations,
  signupUnavailableAnswers,
  signupUnavailablePage,
  writeSignupUnavailable,
} from "../src/build/signupUnavailable"
import { endpointHeaders } from "../src/shared/policy"
import { problemPage } from "../src/membership/web/signup/signupPages"
import { signupTexts } from "../src/membership/web/signup/signupTexts"

// What nginx answers a sign-up with when the API service is down (deploy/nginx/evergrace/
// site.conf): the build writes it from the endpoint. e2e/delivery/api-down.spec.ts checks it
// through nginx, against the service's own answer.

describe("the sign-up's answer for nginx when the API service is down", () => {
  it("is the endpoint's page for 'unavailable', with the field empty", async () => {
    const { page } = await signupUnavailableAnswers()
    expect(page.body).toBe(problemPage(signupTexts, "unavailable", ""))
    expect(page.body).toContain('value=""')
  })

  it("carries the endpoint's headers and its JSON, status 503", async () => {
    const answers = await signupUnavailableAnswers()
    expect(answers.status).toBe(503)
    expect(JSON.parse(answers.json.body)).toEqual({ outcome: "problem", problem: "unavailable" })
    for (const { headers } of [answers.page, answers.json]) {
      expect(Object.fromEntries(headers)).toEqual({ ...endpointHeaders(), "Retry-After": "120" })
    }
  })

  it("writes the page into public/ and nginx's locations, the one the repository holds", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "signup-unavailable-"))
    try {
      await writeSignupUnavailable(root, root)
      const read = (name: string) => fs.readFileSync(path.join(root, name), "utf8")
      expect(read(signupUnavailablePage)).toBe(problemPage(signupTexts, "unavailable", ""))
      const written = read("signup-unavailable.conf")
      // Headers and JSON do not change with the content: the shipped include is the same file.
      const shipped = path.join(__dirname, "../deploy/nginx/evergrace/signup-unavailable.conf")
      expect(written).toBe(fs.readFileSync(shipped, "utf8"))
      expect(written).toMatch(/location = \/signup-unavailable\.htm \{\n {4}internal;/)
      expect(written).toContain(
        `add_header Content-Security-Policy "${endpointHeaders()["Content-Security-Policy"]}" always;`,
      )
      expect(written).toContain(`return 503 '{"outcome":"problem","problem":"unavailable"}';`)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it("stops the build rather than write a value nginx would misread", async () => {
    const answers = await signupUnavailableAnswers()
    const withVariable = { ...answers, json: { ...answers.json, body: '{"a":"$host"}' } }
    expect(() => nginxLocations(withVariable)).toThrow(/cannot quote for nginx/)
    const withQuote = { ...answers, json: { ...answers.json, body: '{"a":"it\'s"}' } }
    expect(() => nginxLocations(withQuote)).toThrow(/cannot quote for nginx/)
  })
})
