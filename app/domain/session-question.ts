// The question the "Frågor om passet?" button hands to the chat assistant on
// a session page: names the session so the answer can be about this one.
import { formatSessionDate } from "./time";

export function sessionQuestion(session: { title: string; startTime: string; location: string }): string {
  return `Jag funderar på att boka ${session.title} ${formatSessionDate(session.startTime)} på ${session.location}. Vad behöver jag veta inför passet?`;
}
