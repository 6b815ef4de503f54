// One zod schema per form, shared by route actions and components. Browser
// code imports the schema's own module, not this index: the index would bring
// every schema module's top-level zod calls into that page's JavaScript.
export * from "./common";
export * from "./booking";
export * from "./sign-in-link";
export * from "./password-sign-in";
export * from "./session";
export * from "./campaign";
export * from "./subscriber";
export * from "./contact";
export * from "./problem-report";
export * from "./newsletter-signup";
export * from "./session-series";
export * from "./erase-my-data";
