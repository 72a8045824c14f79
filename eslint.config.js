// npm run lint: ESLint's recommended rules, typescript-eslint's, React's rules of hooks and
// jsx-a11y's recommended accessibility checks, on everything the project writes.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "test/.tmp/",
      "test/bench/floor/build/",
      "test/bench/floor/public/build/",
      ".lighthouse/",
      "screenshots/",
      "data/",
      "uploads/",
      "backups/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks an argument or binding kept for its place (a route's unused args).
      // A warning: kysely's and conform's generic helpers are typed with `any` in their own docs.
      "@typescript-eslint/no-explicit-any": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // A warning: an effect that runs once on purpose says why beside its dependencies.
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Members' videos are their own uploads; Chapter has no captions to offer with them.
      "jsx-a11y/media-has-caption": "off",
      // Lists, cards and dialogs handle the clicks of the links and buttons inside them in one
      // place (app/ui/link-clicks.ts); keyboards reach those links and buttons themselves.
      "jsx-a11y/click-events-have-key-events": "off",
      "jsx-a11y/no-noninteractive-element-interactions": "off",
      "jsx-a11y/no-static-element-interactions": "off",
      // A scrolling region must take the keyboard's focus to be scrolled by it (axe's
      // scrollable-region-focusable, which the tour checks).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region"], tags: [] }],
      // Where two images stand side by side, "the current image" and "the chosen image" are
      // what tells them apart.
      "jsx-a11y/img-redundant-alt": "off",
      // A choice's words may sit a few elements deep (<strong>, a muted <span>).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
    },
  },
  {
    // Kysely's guidance: a migration is frozen in time and types its database as Kysely<any>,
    // never as the application's schema of today.
    files: ["migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Remix's own declaration file, as its templates write it.
    files: ["remix.env.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
);
