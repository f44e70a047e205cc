import Foundation
import LarderKit
import Testing

/// The time left of a progress line counts down steadily through bursts of inputs finishing,
/// and still finds the true time left.
struct ProgressEstimateTests {
    /// 200 inputs at 10 a second, finishing in bursts of 20 every two seconds (transfers that
    /// started together end together), looked at ten times a second.
    @Test func burstsDoNotMakeTheTimeLeftJump() {
        var estimate = ProgressEstimate()
        var shown: [(time: Double, left: Double)] = []
        var time = 0.0
        while time < 19 {
            let done = min(200, Int(time / 2) * 20 + (time >= 0.5 ? 5 : 0))
            if let left = estimate.update(done: done, expected: 200, at: time) { shown.append((time, left)) }
            time += 0.1
        }
        #expect(shown.count > 150)
        // Between two looks a tenth of a second apart, the time left moves by that tenth and a
        // little more, never by seconds. (Computed from the last instant it went 0:05, 0:22, 0:13.)
        for (before, after) in zip(shown, shown.dropFirst()) {
            let expected = before.left - (after.time - before.time)
            #expect(abs(after.left - expected) < 1.0, "at \(after.time) s: \(before.left) s left, then \(after.left) s")
        }
        // At the run's true pace, it is near the true time left: 200 at 10 a second ends at 20 s.
        let late = shown.first { $0.time >= 12 }!
        #expect(abs(late.left - (20 - late.time)) < 3)
    }

    @Test func aSteadyRunShowsItsRate() {
        var estimate = ProgressEstimate()
        for tenth in 0...100 { _ = estimate.update(done: tenth * 2, expected: 1000, at: Double(tenth) / 10) }
        #expect(abs((estimate.rate ?? 0) - 20) < 0.5)
        #expect(abs((estimate.update(done: 202, expected: 1000, at: 10.1) ?? 0) - 39.9) < 1)
    }
}
