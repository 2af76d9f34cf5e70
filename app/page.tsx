export default function Home() {
  return (
    <main>
      <h1>Chatbot Platform</h1>
      <p>The platform API is served at /api/v1/&lt;methodName&gt;.</p>
    </main>
  );
}
