import { z } from "zod";

/** Row ids are uuids; anything else is refused before it reaches SQL. */
export const idSchema = z.uuid({ error: "id must be a valid id (uuid)" });
export const idInput = z.object({ id: idSchema });
