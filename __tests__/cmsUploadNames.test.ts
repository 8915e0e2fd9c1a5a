import { nextName, takenName } from "../src/cms/uploadNames"

describe("a picture uploaded under a name the library has (src/cms/uploadNames.ts)", () => {
  it("reads the name from Decap's question whether to replace it, and no other question", () => {
    expect(takenName("spring.jpg already exists. Do you want to replace it?")).toBe("spring.jpg")
    expect(takenName("Are you sure you want to leave this page?")).toBeUndefined()
  })

  it("is uploaded under the next free name, with the chosen file's own extension", () => {
    expect(nextName("spring.jpg", "Spring.JPG")).toBe("spring-2.JPG")
    expect(nextName("spring-2.jpg", "spring-2.png")).toBe("spring-3.png")
    expect(nextName("img_1234.jpg", "IMG_1234.heic.png")).toBe("img_1234-2.png")
    // A year or a long number in a name is part of the name, not a count.
    expect(nextName("dress-2024.jpg", "dress-2024.jpg")).toBe("dress-2024-2.jpg")
  })
})
