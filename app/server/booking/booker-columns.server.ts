/**
 * What the booking form asked of the booker and their dog, as read back: the
 * confirmation block, an unpaid booking's form filled in again, and the
 * attendee list read the same columns.
 */
import { schema } from "../db/client.server";

const { bookings } = schema;

export const BOOKER_COLUMNS = {
  userName: bookings.userName,
  userEmail: bookings.userEmail,
  userPhone: bookings.userPhone,
  dogName: bookings.dogName,
  dogBreed: bookings.dogBreed,
  dogAge: bookings.dogAge,
  specialNotes: bookings.specialNotes,
  homeAddress: bookings.homeAddress,
  meetingType: bookings.meetingType,
};
