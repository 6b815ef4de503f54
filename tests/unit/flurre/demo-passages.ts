// Flurre's passages made from the demo data in memory, as the server makes
// them from the rows in D1: the visible types, the sessions not yet started,
// the FAQ rows, and the seeded places, team and checklist.
import { readFaqLinks } from "../../../app/domain/flurre/faq";
import { buildPassages, type FlurreCorpus, type Passage } from "../../../app/domain/flurre/passages";
import { buildDemoData } from "../../fixtures/demo-data";
import { SEEDED_PLACES, SEEDED_PREPARATION, SEEDED_TEAM } from "../../fixtures/seeded-content";

export function demoPassages(now: Date, payments: FlurreCorpus["payments"] = null): Passage[] {
  const data = buildDemoData(now);
  return buildPassages({
    types: data.popupTypes
      .filter((t) => !t.hidden)
      .map((t) => ({
        name: t.name,
        description: t.description ?? "",
        inspiringText: t.inspiringText ?? null,
        sessionType: t.sessionType ?? "group",
        price: t.price ?? 0,
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
      })),
    faq: data.flurreFaq.map((f) => ({ id: f.id, question: f.question, answer: f.answer, links: readFaqLinks(f.linksJson) })),
    places: SEEDED_PLACES,
    team: SEEDED_TEAM,
    preparation: SEEDED_PREPARATION,
    payments,
  });
}
