// One zod schema per form, shared by route actions and components.
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
