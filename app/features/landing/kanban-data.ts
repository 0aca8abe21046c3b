/** Demo lanes, in pipeline order. */
export const LANES = ["applied", "phone-screening", "interview", "offer"] as const;
export type LaneId = (typeof LANES)[number];

/** A sample contact of the demo board; role and status are catalog keys. */
export interface DemoContact {
  id: string;
  name: string;
  company: string;
  role: string;
  status: string;
  /** ISO date, shown in the page's language. */
  lastContact: string;
  email: string;
}

export type Board = Record<LaneId, DemoContact[]>;

const c = (id: string, name: string, company: string, role: string, status: string, lastContact: string): DemoContact => ({
  id,
  name,
  company,
  role,
  status,
  lastContact,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`,
});

/** Sample data only; nothing on the board is sent anywhere. */
export const INITIAL_BOARD: Board = {
  applied: [
    c("c1", "Lena Hoffmann", "Nordwind Energie", "backend", "new", "2025-05-12"),
    c("c2", "Tom Becker", "Alster Digital", "designer", "new", "2025-05-13"),
  ],
  "phone-screening": [
    c("c3", "Priya Nair", "Hafenblick Analytics", "data", "toCall", "2025-05-09"),
    c("c4", "Lukas Schmidt", "Elbe Software", "sales", "screened", "2025-05-08"),
  ],
  interview: [c("c5", "Mia Wagner", "Speicherstadt Cloud", "devops", "onsite", "2025-05-06")],
  offer: [
    c("c6", "David Klein", "Fleet Mobility", "pm", "references", "2025-05-02"),
    c("c7", "Sofia Rossi", "Kontor Health", "hr", "offerSent", "2025-04-30"),
  ],
};
