import type { CmsWidgetControlProps } from "decap-cms-core"
import { Component, type ChangeEvent } from "react"

/**
 * The box of every whole number (the number of pieces, the days a sign-up is kept), in place of
 * Decap's number box: that is an `<input type="number">`, which in Chromium made "45,00" 4500
 * as she typed it (and Decap kept 45 of 45.5), without a word. This one keeps what she types as she
 * typed it: digits are the number, anything else stays text, which the field's pattern
 * (./config.ts) refuses at Save, in words, so no other number is ever saved.
 */

/** The name the configuration gives the widget (./config.ts) and cms.tsx registers it under. */
export const wholeNumberWidget = "whole-number"

/** What the box takes as a number: digits alone. */
export const digitsOnly = /^\d+$/

/** Decap's props for a control (its type leaves out the active style's, which it passes). */
interface WholeNumberControlProps extends CmsWidgetControlProps<number | string> {
  setActiveStyle?: () => void
  /** Decap's own: on leaving the box, the field's pattern is checked (./config.ts). */
  setInactiveStyle?: () => void
}

/** A class: Decap asks a control's instance `isValid()` at Save. */
export class WholeNumberControl extends Component<WholeNumberControlProps> {
  handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Kept as typed, spaces too (trimmed, the box would jump under her cursor).
    const typed = event.target.value
    this.props.onChange(digitsOnly.test(typed) ? Number(typed) : typed)
  }

  /** The model's limits, in the words of Decap's number box; text is the pattern's to refuse. */
  isValid = () => {
    const { field, value } = this.props
    const min = field.get("min") as number
    const max = field.get("max") as number
    if (typeof value !== "number" || (value >= min && value <= max)) return true
    const message = `${field.get("label") as string} must be between ${min} and ${max}.`
    return { error: { type: "RANGE", message } }
  }

  override render() {
    const { value, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props
    return (
      <input
        type="text"
        inputMode="numeric"
        id={forID}
        className={classNameWrapper}
        value={value ?? ""}
        onChange={this.handleChange}
        onFocus={setActiveStyle}
        onBlur={setInactiveStyle}
      />
    )
  }
}
