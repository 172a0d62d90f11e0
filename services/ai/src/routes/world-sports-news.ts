import { Type } from '@bet/kit';
import { worldSportsNews } from '../app/news';
import { route } from '../context';

export const NewsItemSchema = Type.Object({
  title: Type.String(),
  snippet: Type.String(),
  link: Type.String(),
  source: Type.String(),
  publishedDate: Type.String(),
});

export const worldSportsNewsRoute = route('GET /api/v1/ai/world-sports-news', (app, ctx) => {
  app.get(
    '/api/v1/ai/world-sports-news',
    {
      config: { auth: 'public' },
      schema: { response: { 200: Type.Object({ news: Type.Array(NewsItemSchema) }) } },
    },
    async () => worldSportsNews(ctx),
  );
});
