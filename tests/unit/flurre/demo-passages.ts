// Flurre's passages made from the demo data in memory, as the server makes
// them from the rows in D1: the visible types, the sessions not yet started,
// the FAQ rows, and the seeded places, team and checklist.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readFaqLinks } from "../../../app/domain/flurre-faq-links";
import { buildKnowledge, type Knowledge } from "../../../app/domain/flurre/knowledge";
import type { VocabularyRow } from "../../../app/domain/flurre/vocabulary";
import { buildPassages, type FlurreCorpus, type Passage } from "../../../app/domain/flurre/passages";
import { buildDemoData } from "../../fixtures/demo-data";
import { SEEDED_PLACES, SEEDED_PREPARATION, SEEDED_TEAM } from "../../fixtures/seeded-content";

const MIGRATIONS = new URL("../../../migrations", import.meta.url).pathname;

export function demoPassages(now: Date, payments: FlurreCorpus["payments"] = null): Passage[] {
  return buildPassages(demoCorpus(now, payments));
}

/**
 * The rows of flurre_vocabulary as the migrations leave them, read through
 * SQLite: every migration applied in order, as D1 applies them (one may
 * change the vocabulary beside other tables, as 0032 does).
 */
export function vocabularyRows(): VocabularyRow[] {
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) {
    db.exec(readFileSync(join(MIGRATIONS, file), "utf8"));
  }
  return db.prepare("SELECT word, kind, value FROM flurre_vocabulary ORDER BY id").all() as VocabularyRow[];
}

/** What Flurre knows from the demo data and the vocabulary. */
export function demoKnowledge(now: Date, change: (corpus: FlurreCorpus) => FlurreCorpus = (c) => c): Knowledge {
  return buildKnowledge(change(demoCorpus(now)), vocabularyRows());
}

export function demoCorpus(now: Date, payments: FlurreCorpus["payments"] = null): FlurreCorpus {
  const data = buildDemoData(now);
  return {
    types: data.popupTypes
      .filter((t) => !t.hidden)
      .map((t) => ({
        name: t.name,
        description: t.description ?? "",
        inspiringText: t.inspiringText ?? null,
        sessionType: t.sessionType ?? "group",
        price: t.price ?? 0,
        bookingAsk: t.bookingAsk ?? null,
        defaultLocation: t.defaultLocation ?? null,
      })),
    sessions: data.sessions
      .filter((s) => s.startTime > now.toISOString())
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description ?? "",
        location: s.location,
        startTime: s.startTime,
        endTime: s.endTime,
        passType: s.passType,
        priceSek: s.priceSek ?? 0,
        currentParticipants: s.currentParticipants,
        maxParticipants: s.maxParticipants,
        imageUrl: null,
        // What its booking form asks: its type's, as the reads give it.
        bookingAsk: data.popupTypes.find((t) => t.id === s.popupTypeId)?.bookingAsk ?? null,
      })),
    faq: data.flurreFaq.map((f) => ({ id: f.id, question: f.question, answer: f.answer, links: readFaqLinks(f.linksJson) })),
    places: SEEDED_PLACES,
    team: SEEDED_TEAM,
    preparation: SEEDED_PREPARATION,
    payments,
  };
}
