// The latency benchmark's floor (scripts/bench latency): the least an SDL2 program can do to put
// a photo under the pointer. One photo as one window-sized texture; on each batch of input it
// draws that texture at the pointer and presents at once, with SDL's accelerated renderer (OpenGL;
// Mesa's llvmpipe under Xvfb) without vsync: under Xvfb a present with vsync waits for the
// Present extension's simulated 60 Hz vblank, which only adds latency. It sleeps in SDL_WaitEvent
// otherwise.
//
//   floor PHOTO WIDTH HEIGHT [DELAY_MS]   (window title "latency-floor")
// DELAY_MS: waits that long before each drawing, to show the probe measuring a known delay.
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: floor PHOTO WIDTH HEIGHT [DELAY_MS]\n");
        return 2;
    }
    int width = atoi(argv[2]), height = atoi(argv[3]), delay = argc == 5 ? atoi(argv[4]) : 0;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "floor: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("latency-floor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          width, height, SDL_WINDOW_SHOWN);
    if (!window) {
        fprintf(stderr, "floor: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED);
    if (!renderer) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    SDL_Surface *photo = IMG_Load(argv[1]);
    if (!renderer || !photo) {
        fprintf(stderr, "floor: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Texture *texture = SDL_CreateTextureFromSurface(renderer, photo);
    SDL_FreeSurface(photo);
    int x = width / 2, y = height / 2;
    for (int draw = 1;;) {
        if (draw) {
            if (delay > 0) SDL_Delay(delay);
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
            SDL_RenderClear(renderer);
            SDL_Rect dst = {x - width / 2, y - height / 2, width, height};
            SDL_RenderCopy(renderer, texture, NULL, &dst);
            SDL_RenderPresent(renderer);
            draw = 0;
        }
        SDL_Event event;
        if (!SDL_WaitEvent(&event)) break;
        do {
            if (event.type == SDL_QUIT) return 0;
            if (event.type == SDL_MOUSEMOTION) {
                x = event.motion.x;
                y = event.motion.y;
                draw = 1;
            }
            if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_EXPOSED) draw = 1;
        } while (SDL_PollEvent(&event));
    }
    return 0;
}
