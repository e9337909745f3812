export { sharedData } from "../apps/api/src/testing/shared-data";
