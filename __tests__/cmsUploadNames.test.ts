import { readFileSync } from "node:fs"
import { entryName, entryPictureName, nextName, takenName } from "../src/cms/uploadNames"

describe("a picture uploaded under a name the library has (src/cms/uploadNames.ts)", () => {
  it("reads the name from the question the shipped Decap asks, and from no other question", () => {
    // The question as Decap's bundle writes it (persistMedia): `${file.name} already exists. …`
    const bundle = readFileSync(require.resolve("decap-cms-app/dist/decap-cms-app.js"), "utf8")
    const asked = /`\$\{\w+\.name\}( already exists\.[^`]*)`/.exec(bundle)
    expect(asked).not.toBeNull()
    expect(takenName(`spring.jpg${asked![1]}`)).toBe("spring.jpg")
    expect(takenName("Are you sure you want to leave this page?")).toBeUndefined()
  })

  it("is uploaded under the next free name, with the chosen file's own extension", () => {
    expect(nextName("spring.jpg", "Spring.JPG")).toBe("spring-2.JPG")
    expect(nextName("spring-2.jpg", "spring-2.png")).toBe("spring-3.png")
    expect(nextName("img_1234.jpg", "IMG_1234.heic.png")).toBe("img_1234-2.png")
    // A year or a size at the end of a name is part of the name, not a count.
    expect(nextName("dress-2024.jpg", "dress-2024.jpg")).toBe("dress-2024-2.jpg")
    expect(nextName("summer-24.jpg", "summer-24.jpg")).toBe("summer-24-2.jpg")
  })

  it("is named for the entry whose editor it is chosen in, once", () => {
    expect(entryName("#/collections/pages/entries/about")).toBe("about")
    expect(entryName("#/collections/settings/entries/site?ref=workflow")).toBe("site")
    // The picture library opened from the menu belongs to no entry.
    expect(entryName("#/media")).toBeUndefined()
    expect(entryName("#/collections/pages")).toBeUndefined()
    expect(entryPictureName("about", "image.jpg")).toBe("about-image.jpg")
    expect(entryPictureName("home", "IMG_1234.JPG")).toBe("home-IMG_1234.JPG")
    // Already named so (again after a refusal, or as data/'s own pictures are): kept.
    expect(entryPictureName("about", "About-Hero.jpg")).toBe("About-Hero.jpg")
    expect(entryPictureName("about", "about-hero-2.jpg")).toBe("about-hero-2.jpg")
    // Another entry's name is part of hers.
    expect(entryPictureName("home", "about-hero.jpg")).toBe("home-about-hero.jpg")
  })
})
