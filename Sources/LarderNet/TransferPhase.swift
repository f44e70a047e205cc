/// How far a transfer got before it failed. libcurl gives one code for a timeout or a broken
/// connection whatever the server was doing; the phase says which it was, so a report can tell
/// "no connection" from "connected, and the server said nothing" from "it stopped half-way".
public enum TransferPhase: Sendable, Equatable {
    /// No connection yet (name lookup, TCP, TLS).
    case connecting
    /// Connected and the request sent; not one byte of the answer yet.
    case awaitingAnswer
    /// The answer has started; its headers are not complete.
    case headers
    /// The headers are complete; the body is arriving.
    case body
}
