/// What one event made the recognizers say: the gesture events, and the inputs they had to set aside.
struct RecognizerOutput: Sendable {
    var events: [GestureEvent] = []
    var anomalies: [InputAnomaly] = []

    mutating func emit(_ event: GestureEvent) { events.append(event) }
    mutating func emit(_ manipulation: Manipulation) { events.append(.manipulation(manipulation)) }
    mutating func note(_ anomaly: InputAnomaly) { anomalies.append(anomaly) }
}
