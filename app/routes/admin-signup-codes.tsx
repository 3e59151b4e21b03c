export default function Page() {
  return <main>TODO</main>;
}
