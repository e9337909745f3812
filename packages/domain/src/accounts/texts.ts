export const BETA_BANNER = {
  title: "Beta Testing",
  text: "KIM is currently in beta. Help us improve by reporting any issues you encounter!",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
