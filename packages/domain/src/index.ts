export * from "./enums";
export * from "./plans";
export * from "./texts";
export * from "./auth";
export * from "./barcode";
export * from "./inventory";
export * from "./inventory-input";
