import { Component, createElement, type ComponentType } from "react"

/**
 * Decap's picture box (decap-cms-widget-file's `Image`) asks for its picture once, as the entry
 * opens, while the media library is still loading, and gets Decap's empty frame; it asks again
 * only when its `getAsset` changes, which happens when the entry does. So every picture showed an
 * empty frame until she typed something (Decap 3.16.3; upstream's code is the same). This wraps
 * the picture widget's control: while the picture of its value is still the empty frame, it looks
 * again every quarter second, and once the picture has come, hands the control a new `getAsset`,
 * so the box asks again and shows it. e2e/cms.spec.ts fails if the box stays empty.
 */

type GetAsset = (path: string, field?: unknown) => { path?: string } | undefined

interface PictureControlProps {
  value?: unknown
  field?: unknown
  getAsset: GetAsset
}

/** The path of the asset Decap hands out while a picture loads (decap-cms-core's actions/media.js). */
const emptyFrame = "empty.svg"
const lookEveryMs = 250
/** Decap loads the whole media library first: on a slow line, that can take a while. */
const lookForMs = 60_000

export function withLoadedPicture(Control: ComponentType<PictureControlProps>) {
  return class LoadedPicture extends Component<PictureControlProps, { pictureCame: number }> {
    override state = { pictureCame: 0 }
    private inner: unknown = null
    private timer?: ReturnType<typeof setInterval>
    private handed?: { from: GetAsset; pictureCame: number; getAsset: GetAsset }

    /** Decap's Widget reads the control's own methods (validation, focus) through this. */
    getWrappedInstance = () => this.inner

    private keepInner = (control: unknown) => {
      this.inner = control
    }

    override componentDidMount() {
      this.watch()
    }

    override componentDidUpdate(before: PictureControlProps) {
      if (before.value !== this.props.value || before.getAsset !== this.props.getAsset) this.watch()
    }

    override componentWillUnmount() {
      clearInterval(this.timer)
    }

    private loading = () => {
      const { value, field, getAsset } = this.props
      return (
        typeof value === "string" && value !== "" && getAsset(value, field)?.path === emptyFrame
      )
    }

    private watch() {
      clearInterval(this.timer)
      if (!this.loading()) return
      const started = Date.now()
      this.timer = setInterval(() => {
        if (this.loading() && Date.now() - started < lookForMs) return
        clearInterval(this.timer)
        if (!this.loading()) this.setState(({ pictureCame }) => ({ pictureCame: pictureCame + 1 }))
      }, lookEveryMs)
    }

    /** Decap's own `getAsset`, under a new name each time a picture came. */
    private getAsset(): GetAsset {
      const { getAsset } = this.props
      const { pictureCame } = this.state
      if (pictureCame === 0) return getAsset
      if (this.handed?.from !== getAsset || this.handed.pictureCame !== pictureCame) {
        this.handed = { from: getAsset, pictureCame, getAsset: (...asked) => getAsset(...asked) }
      }
      return this.handed.getAsset
    }

    override render() {
      return createElement(Control, {
        ...this.props,
        getAsset: this.getAsset(),
        ref: this.keepInner,
      } as PictureControlProps)
    }
  }
}

/** Decap's registry call, with the schema its type leaves out (decap-cms-core's lib/registry.js). */
type RegisterWidget = (
  name: string,
  control: ComponentType<PictureControlProps>,
  preview: unknown,
  schema: unknown,
) => void

/** The picture widget Decap registered, its control wrapped as above. */
export function showLoadedPictures(cms: {
  getWidget: (name: string) => unknown
  registerWidget: unknown
}) {
  const picture = cms.getWidget("image") as
    { control: ComponentType<PictureControlProps>; preview?: unknown; schema?: unknown } | undefined
  if (!picture) throw new Error("Decap has no image widget to wrap")
  const register = cms.registerWidget as RegisterWidget
  register("image", withLoadedPicture(picture.control), picture.preview, picture.schema)
}
