export const SUPPORT_EMAIL = "support@kim.app";
