import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export function loader() {
  return json({ rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Row ${i}` })) });
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <ul>
      {rows.map((row) => (
        <li key={row.id}>{row.name}</li>
      ))}
    </ul>
  );
}
