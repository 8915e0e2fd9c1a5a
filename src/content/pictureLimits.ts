/**
 * How large a picture in data/images may be, chosen by measurement (docs/cms.md, "Pictures"):
 * the widest size the build makes of any picture is 2400 pixels (the full-width banners of
 * src/components/ui/ResponsiveImage.tsx), so more is never shown, while every pixel is decoded
 * again for each of a picture's sizes in every cold build (a 12-megapixel photo's image jobs take
 * 2.9 times a 2400-pixel one's) and its bytes stay in Git for good. The CMS makes an upload no
 * wider before it is committed (`media_processing`, src/cms/config.ts); the content check refuses
 * a picture over it, whichever way it came (src/content/checkContent/beyondSchema.ts).
 */
export const pictureLimits = {
  /** Pixels across: the widest rendition the build makes. */
  width: 2400,
  /**
   * Pixels in all: what the editor makes of a phone's tall portrait (9:16) at 2400 wide is 10.2
   * megapixels, a 2:3 one 8.6; a picture still over it at 2400 wide or narrower (one about 2.1
   * times as tall as wide, or more) must be cropped.
   */
  megapixels: 12,
  /**
   * Bytes of the file: more than the CMS's processing makes of any photo within the pixels above,
   * so that uploading again in the editor always fits. At its quality a photo takes 0.13 bytes a
   * pixel, and fine grain over the whole frame 0.47 (5.6 MB at 12 megapixels), measured in
   * Chromium's encoder (docs/cms.md, "Pictures"); 2 MB refused a detailed portrait the editor
   * had made, with advice that made the same file. A PNG photo 2400 pixels wide is 7.6 MB.
   */
  bytes: 6_000_000,
  /** The JPEG quality the CMS encodes at (the build makes the site's own files from it). */
  quality: 85,
} as const
