/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { checkContent, describeProblem, formatProblems } from "../src/content/checkContent"
import { contentFiles } from "../src/content/model"
import { pageRoutes } from "../src/content/routes"
import { pictureLimits } from "../src/content/pictureLimits"
import { detailedPhoto, noise, plainPicture } from "./setup/pictures"
import { copyOfData, dataDir } from "./setup/contentCopy"

let copy: ReturnType<typeof copyOfData>
beforeEach(() => {
  copy = copyOfData()
})
afterEach(() => copy.remove())

const problemsIn = (dir: string) => checkContent(dir).map(describeProblem)

// The copy starts as the launch content; where a message names an entry, the test names it
// first, so that what it expects is in the test and not in the content.
/** A shop category of the test's own, made from the copy's first one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const knitwear = (shop: any) => ({ ...shop.categories[0], name: "Knitwear" })

/** Removes the comma after a field's value: the JSON breaks at the next line. */
const withoutCommaAfter = (field: string) => (text: string) =>
  text.replace(new RegExp(`("${field}": "[^"]*"),`), "$1")

/** Every page's address, as a problem with a link lists them: "/, /shop, …". */
const pageAddresses = pageRoutes()
  .map((route) => route.path)
  .join(", ")

describe("the content check", () => {
  it("accepts the content as shipped", () => {
    expect(problemsIn(dataDir)).toEqual([])
  })

  it("accepts a new journal category once it is in the journal's list", () => {
    copy.edit("journal", (json) => {
      json.categories.push("Travel")
      json.articles[0].category = "Travel"
    })
    expect(problemsIn(copy.dir)).toEqual([])
  })

  it("accepts optional introductions left out everywhere", () => {
    const withIntro = contentFiles.filter((file) =>
      file.fields.some((field) => field.name === "intro" && field.optional),
    )
    expect(withIntro.length).toBeGreaterThan(0)
    for (const { name } of withIntro) {
      copy.edit(name, (json) => delete json.intro)
    }
    copy.edit("home", (json) => delete json.featured.intro)
    copy.edit("shop", (json) => (json.intro = ""))
    expect(problemsIn(copy.dir)).toEqual([])
  })

  // Each broken copy and the line a marketing person reads for it.
  const fixtures: [string, () => void, string][] = [
    [
      "a count written in words",
      () =>
        copy.edit("shop", (json) => (json.categories[2] = { ...knitwear(json), count: "sixteen" })),
      `data/shop.json: category 3 (Knitwear): Number of pieces ('count') must be a whole number, got "sixteen"`,
    ],
    [
      "a count with a fraction",
      () => copy.edit("shop", (json) => (json.categories[0] = { ...knitwear(json), count: 2.5 })),
      "data/shop.json: category 1 (Knitwear): Number of pieces ('count') must be a whole number, got 2.5",
    ],
    [
      "a missing field",
      () => copy.edit("home", (json) => delete json.hero.headline),
      "data/home.json: Top of the page (hero): Headline ('headline') is missing",
    ],
    [
      "an empty picture description",
      () =>
        copy.edit("shop", (json) => (json.categories[0] = { ...knitwear(json), imageAlt: "  " })),
      `data/shop.json: category 1 (Knitwear): Picture description ('imageAlt') must not be empty, got "  "`,
    ],
    [
      "a headline too long for the hero",
      () => copy.edit("home", (json) => (json.hero.headline = "Graceful ".repeat(8).trim())),
      "data/home.json: Top of the page (hero): Headline ('headline') is too long: at most 50 characters fit there, got 71",
    ],
    [
      "a misspelt field",
      () => copy.edit("shop", (json) => (json.countLable = "pieces")),
      "data/shop.json: 'countLable' is not a field the site knows: check its spelling, or remove it",
    ],
    [
      "a date in another format",
      () =>
        copy.edit("journal", (json) => {
          json.articles[1] = {
            ...json.articles[1],
            title: "A Wardrobe That Travels",
            date: "08/03/2024",
          }
        }),
      "data/journal.json: article 2 (A Wardrobe That Travels): Date ('date') must be a date written YYYY-MM-DD, such as 2025-09-30, got \"08/03/2024\"",
    ],
    [
      "a day that does not exist",
      () => copy.edit("journal", (json) => (json.articles[5].date = "2024-02-30")),
      `Date ('date') must be a date written YYYY-MM-DD, such as 2025-09-30, got "2024-02-30"`,
    ],
    [
      "a journal category that is not in the journal's list",
      () =>
        copy.edit("journal", (json) => {
          json.categories = ["Work", "Weekend"]
          for (const article of json.articles) article.category = "Work"
          json.articles[2] = { ...json.articles[2], title: "Garden Mornings", category: "Tips" }
        }),
      `data/journal.json: article 3 (Garden Mornings): Category ('category') is "Tips", which is not in Categories ('categories'): choose one of "Work", "Weekend", or add it to Categories ('categories') first`,
    ],
    [
      "yes instead of true",
      () =>
        copy.edit("affiliate", (json) => {
          json.collections[0] = { ...json.collections[0], title: "Harbour Blue", featured: "yes" }
        }),
      `data/affiliate.json: collection 1 (Harbour Blue): Featured ('featured') must be true or false (without quotes), got "yes"`,
    ],
    [
      "an empty list",
      () => copy.edit("affiliate", (json) => (json.why.points = [])),
      "data/affiliate.json: Why shop through us: Reasons ('points') needs at least 1 reason, got 0",
    ],
    [
      "more entries than the layout has room for",
      () =>
        copy.edit("shop", (json) => {
          for (let extra = 1; extra <= 8; extra += 1) {
            json.categories.push({ ...json.categories[0], name: `Extra ${extra}` })
          }
        }),
      "data/shop.json: Categories ('categories') has room for at most 12 categories, got 13",
    ],
    [
      "a picture that is not there",
      () =>
        copy.edit("shop", (json) => {
          json.categories[3] = { ...knitwear(json), image: "images/knitwear.jpg" }
        }),
      "data/shop.json: category 4 (Knitwear): Picture ('image') names images/knitwear.jpg, which is not in data/images: check the spelling, or upload the picture",
    ],
    [
      "a file that is not a picture under a picture's name",
      () => {
        fs.writeFileSync(path.join(copy.dir, "images", "notes.jpg"), "not a picture")
        copy.edit("about", (json) => (json.image = "images/notes.jpg"))
      },
      "data/about.json: Picture ('image') names images/notes.jpg, which is not a JPEG, PNG, WebP or AVIF picture: save it in one of those formats",
    ],
    [
      "a picture format the site cannot process",
      () => copy.edit("about", (json) => (json.image = "images/about-hero.gif")),
      `data/about.json: Picture ('image') must name a picture in data/images as images/name.jpg (or .jpeg, .png, .webp, .avif), got "images/about-hero.gif"`,
    ],
    [
      "a placeholder the site does not know",
      () => copy.edit("contact", (json) => (json.heading = "Welcome to {brand}")),
      "data/contact.json: Page heading ('heading') uses {brand}, which the site does not fill in: only {product}, {partner} and {email} are replaced",
    ],
    [
      "a curly bracket left open",
      () =>
        copy.edit("about", (json) => (json.paragraphs[0] = "{product opened its doors in spring.")),
      "data/about.json: paragraph 1 has a { or } that is not part of {product}, {partner} or {email}: check the curly brackets",
    ],
    [
      "a placeholder where the text is used as written",
      () => copy.edit("site", (json) => (json.brandName = "{product}")),
      "data/site.json: Boutique name ('brandName') cannot use {product}: this text is used exactly as written",
    ],
    [
      "a menu link to a page that does not exist",
      () => copy.edit("site", (json) => (json.navigation[1] = { label: "Sale", path: "/sale" })),
      `data/site.json: menu link 2 (Sale): Page ('path') is set to /sale, which is not a page of the site: choose one of ${pageAddresses}`,
    ],
    [
      "a button to a page that does not exist",
      () => copy.edit("home", (json) => (json.story.button.path = "/our-story")),
      "data/home.json: Our story teaser: Button: Button leads to ('path') is set to /our-story, which is not a page of the site",
    ],
    [
      "two categories of the same name",
      () =>
        copy.edit("shop", (json) => {
          json.categories[1] = knitwear(json)
          json.categories[4] = knitwear(json)
        }),
      "data/shop.json: category 5 (Knitwear) is the same as category 2: give each category its own Name ('name')",
    ],
    [
      "an e-mail address without @",
      () => copy.edit("site", (json) => (json.contactEmail = "hello at boutique.example")),
      `data/site.json: Contact e-mail address ('contactEmail') must be an e-mail address, such as hello@example.com, got "hello at boutique.example"`,
    ],
    [
      "a site address without https://",
      () => copy.edit("site", (json) => (json.siteUrl = "www.boutique.example")),
      `data/site.json: Site address ('siteUrl') must be a web address starting with https://, got "www.boutique.example"`,
    ],
    [
      "a list where one text belongs",
      () => copy.edit("errors", (json) => (json.notFound.heading = ["Sorry!"])),
      "data/errors.json: Page not found (404): Heading ('heading') must be text in double quotes, got a list [ … ]",
    ],
    [
      "a missing comma",
      () => copy.editText("contact", withoutCommaAfter("submitLabel")),
      "data/contact.json: the file is not valid JSON: it is missing a comma , before this point (line 17, column 3)",
    ],
    [
      "a comma too many",
      () => copy.editText("errors", (text) => text.replace(/("linkLabel": "[^"]*")\n/, "$1,\n")),
      "data/errors.json: the file is not valid JSON: it needs a field name in double quotes here (is there a comma too many before this point?) (line 7, column 3)",
    ],
    [
      "curly quotes around a text",
      () => copy.editText("shop", (text) => text.replace(/"title": "([^"]*)"/, '"title": “$1”')),
      `data/shop.json: the file is not valid JSON: it has a character JSON does not allow here (texts need straight double quotes ") (line 3, column 12)`,
    ],
    [
      "an invisible mark before the first brace (a byte-order mark, from a Windows editor)",
      () => copy.editText("shop", (text) => `\uFEFF${text}`),
      "data/shop.json: the file starts with an invisible mark (a byte-order mark, which some editors add): save it again as UTF-8 without it (line 1, column 1)",
    ],
    [
      "a number in quotes",
      () => copy.edit("shop", (json) => (json.categories[2] = { ...knitwear(json), count: "16" })),
      `data/shop.json: category 3 (Knitwear): Number of pieces ('count') must be a whole number (without quotes), got "16"`,
    ],
    [
      "a missing file",
      () => fs.rmSync(path.join(copy.dir, "errors.json")),
      "data/errors.json: the file is missing: the site needs it",
    ],
    [
      "a file the site does not use",
      () => fs.writeFileSync(path.join(copy.dir, "sale.json"), "{}"),
      "data/sale.json: the file is not used by the site: remove it, or ask a developer to add it to the content model",
    ],
  ]

  it.each(fixtures)("rejects %s", (_name, breakIt, expected) => {
    breakIt()
    const problems = problemsIn(copy.dir)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(expected)
  })

  it("rejects two pages at one address, naming the field as the editor does", () => {
    // Every link to the shop's address fails with it: those are told too.
    copy.edit("shop", (json) => (json.path = "/"))
    expect(problemsIn(copy.dir)).toContainEqual(
      expect.stringMatching(
        /^data\/shop\.json: Web address \('path'\) is \/, the same address as data\/home\.json: each page needs its own \(line \d+\)$/,
      ),
    )
  })

  describe("a picture larger than the site can use (src/content/pictureLimits.ts)", () => {
    // Made once: 4032 × 3024 of one colour (a 12-megapixel photo's pixels, few bytes), 2400 ×
    // 2400 of noise at quality 100 (a 2400-pixel picture of too many bytes), and a phone's tall
    // portrait as the CMS makes it, 2400 pixels wide, with as much detail as a photo has.
    const made: Record<string, Buffer> = {}
    beforeAll(async () => {
      made.phone = await plainPicture(4032, 3024).jpeg().toBuffer()
      // A phone's tall portrait (9:16) as the editor makes it, and a picture taller than that.
      made.portrait = await detailedPhoto(2400, 4267)
      made.tall = await plainPicture(2400, 6000).jpeg().toBuffer()
      made.avif = await plainPicture(3200, 2400).avif({ effort: 0 }).toBuffer()
      made.tallAvif = await plainPicture(2000, 6500).avif({ effort: 0 }).toBuffer()
      made.noisy = await noise(2400, 2400).jpeg({ quality: 100 }).toBuffer()
      // Narrower than the editor's 2400 and more than twice as tall, too heavy only in bytes.
      made.narrowHeavy = await noise(1500, 4000).jpeg({ quality: 100 }).toBuffer()
      // Pictures to encode, on a machine that may be busy.
    }, 60_000)
    const uploaded = (name: string, picture: Buffer | undefined) => {
      fs.writeFileSync(path.join(copy.dir, "images", name), picture ?? Buffer.alloc(0))
      copy.edit("about", (json) => (json.image = `images/${name}`))
    }

    it("refuses one over 2400 pixels wide, naming the file, its size and the fix", () => {
      uploaded("phone-photo.jpg", made.phone)
      expect(problemsIn(copy.dir)).toEqual([
        expect.stringMatching(
          /^data\/about\.json: Picture \('image'\) names images\/phone-photo\.jpg, which is 4032 × 3024 pixels and \d\.\d MB: the site shows a picture at most 2400 pixels wide, and takes pictures of up to 12 megapixels and 6\.0 MB\. Upload it again in the editor, which makes it that size, or make it 2400 pixels wide \(or narrower\) in a photo app and save it as a JPEG/,
        ),
      ])
    })

    it("refuses one of more bytes than a picture that size needs", () => {
      uploaded("noisy.jpg", made.noisy)
      expect(made.noisy!.length).toBeGreaterThan(pictureLimits.bytes)
      expect(problemsIn(copy.dir)).toEqual([
        expect.stringMatching(
          /names images\/noisy\.jpg, which is 2400 × 2400 pixels and \d\.\d MB:/,
        ),
      ])
    })

    it("accepts a phone's tall portrait photo as the editor makes it: 2400 pixels wide, however detailed", () => {
      uploaded("portrait.jpg", made.portrait)
      expect(problemsIn(copy.dir)).toEqual([])
    })

    it("refuses one too tall for the editor to make fit, and says to crop it", () => {
      uploaded("tall.jpg", made.tall)
      expect(problemsIn(copy.dir)).toEqual([
        expect.stringMatching(
          /names images\/tall\.jpg, which is 2400 × 6000 pixels .* crop it in a photo app to at most twice as tall as it is wide/,
        ),
      ])
    })

    it("refuses a narrow tall picture of too many bytes, and says to upload it again: the editor keeps its width, so it fits", () => {
      uploaded("narrow.jpg", made.narrowHeavy)
      expect(made.narrowHeavy!.length).toBeGreaterThan(pictureLimits.bytes)
      const [problem] = problemsIn(copy.dir)
      expect(problem).toMatch(
        /names images\/narrow\.jpg, which is 1500 × 4000 pixels .* Upload it again in the editor/,
      )
      expect(problem).not.toMatch(/crop it/)
    })

    it("refuses a site icon over the limits, and does not send it back to the editor, which keeps it as uploaded", () => {
      fs.writeFileSync(path.join(copy.dir, "images", "big-icon.jpg"), made.phone!)
      copy.edit("site", (json) => (json.icon = "images/big-icon.jpg"))
      const [problem] = problemsIn(copy.dir).filter((each) => each.includes("big-icon"))
      expect(problem).toMatch(
        /The editor keeps this picture as it is uploaded: make it at most 2400 pixels wide and 6\.0 MB/,
      )
      expect(problem).not.toMatch(/Upload it again in the editor/)
    })

    it("refuses a site icon of too many bytes, and says so, when its width is right", () => {
      fs.writeFileSync(path.join(copy.dir, "images", "heavy-icon.jpg"), made.noisy!)
      copy.edit("site", (json) => (json.icon = "images/heavy-icon.jpg"))
      const [problem] = problemsIn(copy.dir).filter((each) => each.includes("heavy-icon"))
      expect(problem).toMatch(
        /which is 2400 × 2400 pixels and \d+\.\d MB: .* and 6\.0 MB in a photo app/,
      )
    })

    it("refuses an AVIF too tall for its width, and says to crop it as well as to make it a JPEG", () => {
      uploaded("tall.avif", made.tallAvif)
      const [problem] = problemsIn(copy.dir)
      expect(problem).toMatch(
        /names images\/tall\.avif, which is 2000 × 6500 pixels .* crop it in a photo app to at most twice as tall as it is wide, save it as a JPEG, and upload that/,
      )
    })

    it("refuses an AVIF over 2400 pixels wide, and does not send it back to the editor", () => {
      uploaded("wide.avif", made.avif)
      const [problem] = problemsIn(copy.dir)
      expect(problem).toMatch(
        /names images\/wide\.avif, which is 3200 × 2400 pixels .* The editor does not resize AVIF pictures: save it as a JPEG/,
      )
      expect(problem).not.toMatch(/Upload it again in the editor/)
    })
  })

  it("lists every problem, file by file, each with its line", () => {
    copy.edit("shop", (json) => {
      json.categories[2] = { ...knitwear(json), count: "sixteen" }
      json.categories[0].imageAlt = ""
    })
    copy.edit("home", (json) => delete json.hero.headline)
    copy.editText("contact", withoutCommaAfter("submitLabel"))
    /** The line of the copy's file where `text` first stands (1-based). */
    const lineOf = (name: string, text: string) =>
      fs
        .readFileSync(path.join(copy.dir, `${name}.json`), "utf8")
        .split("\n")
        .findIndex((line) => line.includes(text)) + 1
    const countLine = lineOf("shop", `"count": "sixteen"`)
    const problems = checkContent(copy.dir)
    expect(problems.map((problem) => [problem.file, problem.line])).toEqual([
      // A missing field is reported where its object starts; a missing comma at the next line.
      ["data/home.json", lineOf("home", `"hero": {`)],
      ["data/shop.json", lineOf("shop", `"imageAlt": ""`)],
      ["data/shop.json", countLine],
      ["data/contact.json", lineOf("contact", `"submitLabel"`) + 1],
    ])
    const report = formatProblems(problems)
    expect(report).toContain("The content in data/ has 4 problems, so the site was not built")
    expect(report).toContain(
      `  • data/shop.json: category 3 (Knitwear): Number of pieces ('count') must be a whole number, got "sixteen" (line ${countLine})`,
    )
  })

  it("checks links only once every page file can be read", () => {
    copy.editText("contact", withoutCommaAfter("submitLabel"))
    // Otherwise every link to /contact would be reported as well.
    expect(problemsIn(copy.dir)).toHaveLength(1)
  })
})
