export * from "./platform";
export * from "./dashboard";
