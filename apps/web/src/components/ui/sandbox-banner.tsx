export function SandboxBanner() {
  return (
    <p className="bg-amber-200 print:hidden px-3 py-1 text-center text-xs font-semibold text-amber-950">
      Sandbox: no real money moves
    </p>
  );
}
