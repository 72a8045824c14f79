import { Link } from "@remix-run/react";
import { formatWallClock, zoneLabel } from "~/lib/format";
import { ListTable } from "~/ui/list-table";
import { formatDuration, placesLabel } from "./constants";

type Training = {
  id: number;
  title: string;
  trainer_name: string;
  date: string;
  start_time: string;
  duration_minutes: number;
  place: string | null;
  online_link: string | null;
  capacity: number | null;
  taken: number;
  timeZone: string;
  imageUrl: string | null;
};

/** "Sat 5 Dec 2026, 09:30 (Africa/Lagos) · 1 h 30 min": when a training is, on its own clock,
 * its zone named (members elsewhere must not take it for theirs), as events do. */
export function trainingWhen(training: { date: string; start_time: string; duration_minutes: number }, timeZone: string) {
  return `${formatWallClock(`${training.date}T${training.start_time}`)} (${zoneLabel(timeZone)}) · ${formatDuration(training.duration_minutes)}`;
}

/** Trainings as a list: each with its time, trainer, place and the places left. */
export function TrainingList({ trainings }: { trainings: Training[] }) {
  return (
    <ListTable headings={["Training", "When", "Trainer", "Where", "Places"]}>
      {trainings.map((training) => (
        <tr key={training.id} data-testid="training">
          <th scope="row">
            {training.imageUrl ? <img src={training.imageUrl} alt="" width={48} height={48} loading="lazy" /> : null}{" "}
            <Link to={`/user/trainings/${training.id}`}>{training.title}</Link>
          </th>
          <td data-label="When">{trainingWhen(training, training.timeZone)}</td>
          <td data-label="Trainer">{training.trainer_name}</td>
          <td data-label="Where">{[training.place, training.online_link ? "Online" : null].filter(Boolean).join(" · ")}</td>
          <td data-label="Places">{placesLabel(training.capacity, training.taken)}</td>
        </tr>
      ))}
    </ListTable>
  );
}
