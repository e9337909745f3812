import { z } from "zod";
import { ROLES } from "../shared/enums";

// The users table's role; packages/db types its column with it.
export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}` });
export type Role = z.infer<typeof roleSchema>;
