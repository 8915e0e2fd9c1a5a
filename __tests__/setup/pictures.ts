import sharp from "sharp"

/** A picture of one colour, `width` × `height`: a photo's pixels in few bytes, quick to encode. */
export const plainPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c9a6a0" } })
