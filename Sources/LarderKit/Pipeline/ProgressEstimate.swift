import Foundation

/// The rate and the time left a progress line shows, steadied. Inputs finish in bursts (a
/// burst of transfers that started together, a category whose meals are learned all at once),
/// so the run's rate over the last instant swings, and a time left computed from it jumped
/// (0:05, 0:22, 0:13 within seconds, in the new-user trial). Here the rate is averaged over
/// about the last `rateSeconds` (an exponential average of what finished between two looks),
/// and the time shown counts down by the time that passed, drawn toward the new estimate by
/// a share of it that grows with the time since the last look (`etaSeconds` to catch up).
public struct ProgressEstimate: Sendable {
    /// About how many of the last seconds the rate is averaged over.
    public let rateSeconds: Double
    /// About how many seconds the time shown takes to catch up with a new estimate.
    public let etaSeconds: Double
    private var last: (time: Double, done: Int)?
    private var started: Double?
    private var smoothedRate: Double?
    private var shownLeft: Double?

    /// An estimate that has seen nothing yet.
    public init(rateSeconds: Double = 10, etaSeconds: Double = 5) {
        self.rateSeconds = rateSeconds
        self.etaSeconds = etaSeconds
    }

    /// Inputs done per second, about the last `rateSeconds`; nil before anything finished.
    public var rate: Double? { smoothedRate }

    /// Takes a look: `done` inputs of `expected` at `time` (seconds, any origin, increasing).
    /// Returns the seconds left to show, nil while there is nothing to go by.
    public mutating func update(done: Int, expected: Int, at time: Double) -> Double? {
        if started == nil { started = time }
        defer { last = (time, done) }
        guard let last, time > last.time else { return shownLeft }
        let interval = time - last.time
        let recent = Double(done - last.done) / interval
        if let rate = smoothedRate {
            let weight = 1 - exp(-interval / rateSeconds)
            smoothedRate = rate + (recent - rate) * weight
        } else if done > 0, let started, time > started {
            // The first rate: the run's average so far, not the last instant's.
            smoothedRate = Double(done) / (time - started)
        }
        guard let rate = smoothedRate, rate > 0, done < expected else {
            shownLeft = done >= expected ? 0 : shownLeft
            return shownLeft
        }
        let estimate = Double(expected - done) / rate
        if let shown = shownLeft {
            let countedDown = max(0, shown - interval)
            shownLeft = countedDown + (estimate - countedDown) * min(1, interval / etaSeconds)
        } else {
            shownLeft = estimate
        }
        return shownLeft
    }
}
