import { ImageResponse } from "next/og";

/** The home-screen icon: the favicon's mark (app/icon.svg) drawn as a PNG at build time, no font or network needed. */
export const size = { width: 180, height: 180 };
export const contentType = "image/png";

export default function AppleIcon() {
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", alignItems: "center", justifyContent: "center", background: "#1d4ed8" }}>
      <svg width="140" height="140" viewBox="0 0 32 32">
        <path d="M8 10.5a3.5 3.5 0 0 1 3.5-3.5h9a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H15l-5 4.5V20.3A3.5 3.5 0 0 1 8 16.5z" fill="#fff" />
        <circle cx="12.5" cy="13.5" r="1.5" fill="#1d4ed8" />
        <circle cx="16" cy="13.5" r="1.5" fill="#1d4ed8" />
        <circle cx="19.5" cy="13.5" r="1.5" fill="#1d4ed8" />
      </svg>
    </div>,
    size,
  );
}
