# omologa in a container: a static binary (modernc SQLite is pure Go, no
# cgo), run by a non-root user, the office's data in one volume.
#
#   docker build -t omologa .
#   docker run -d -v omologa:/office -p 127.0.0.1:8080:8080 omologa
#
# /office holds omologa.yaml (web.listen: 0.0.0.0:8080 inside the
# container), the registers and var/; write it with
#   docker run --rm -v omologa:/office omologa init /office
# Passwords: password_file: /run/secrets/NAME (Docker secrets).
# The image runs the web application; run the daemon from the same image
# with the command `watch --config /office/omologa.yaml`.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/omologa ./cmd/omologa

FROM alpine:3.20
# busybox wget probes /healthz; tzdata for Europe/Rome; ca-certificates
# for IMAP and SMTP over TLS.
RUN apk add --no-cache ca-certificates tzdata \
 && adduser -D -H -h /office -u 10001 omologa \
 && mkdir /office && chown omologa:omologa /office
COPY --from=build /out/omologa /usr/local/bin/omologa
COPY --from=build /src/rules.yaml /usr/local/share/omologa/rules.yaml
USER omologa
WORKDIR /office
VOLUME /office
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/omologa"]
CMD ["watch", "--config", "/office/omologa.yaml", "--json"]
