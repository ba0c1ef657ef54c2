/** What single-spa-react shows when a root throws: a notice instead of a blank area. */
export function MicroFrontendError() {
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      Something went wrong while showing this part of the page. Please reload.
    </div>
  );
}
