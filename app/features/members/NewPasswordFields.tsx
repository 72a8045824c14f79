import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Field } from "~/ui/field";

// The forms call useForm without their schema (zod stays on the server), so their fields are untyped.
type PasswordField = FieldMetadata<any, Record<string, any>, string[]>;

/** The password a member chooses, and its repeat where the form asks for one. */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "New password",
}: {
  password: PasswordField;
  confirmPassword?: PasswordField;
  label?: string;
}) {
  return (
    <>
      <Field
        label={label}
        hint="At least 8 characters."
        errors={password.errors}
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
      />
      {confirmPassword ? (
        <Field
          label="Repeat the new password"
          errors={confirmPassword.errors}
          inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        />
      ) : null}
    </>
  );
}
